import { Box, Button, Container, Heading, Image, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { LoadFailed } from '@/components/ui/load-failed';
import { getWakeTag, wakeTagKey } from '@/lib/wake-tag-api';

/** "Print your wake tag" — the person's QR code, to stick somewhere away from the bed. */
export function WakeTagPage() {
  const tag = useQuery({ queryKey: wakeTagKey, queryFn: ({ signal }) => getWakeTag(signal), staleTime: Infinity });
  const image = useQuery({
    queryKey: [...wakeTagKey, 'qr', tag.data],
    queryFn: () => QRCode.toDataURL(tag.data!, { width: 512, margin: 2, errorCorrectionLevel: 'M' }),
    enabled: !!tag.data,
    staleTime: Infinity,
  });
  return (
    <Container maxW="md" py={{ base: 4, md: 8 }} px={4}>
      <Stack gap={4}>
        <Heading as="h1" size="xl">
          Print your wake tag
        </Heading>
        <Text>
          Print this code and stick it somewhere away from your bed — the bathroom mirror, the kitchen. On a wake-tag morning, Check In unlocks once you scan
          it, so you have to get up to reach it.
        </Text>
        {tag.isError ? (
          <LoadFailed message="We couldn't load your wake tag." onRetry={() => tag.refetch()} retrying={tag.isFetching} />
        ) : (
          // the code's own size from the start, so the button and what follows do not move when it arrives
          <Box
            bg={image.data ? 'white' : undefined}
            p={4}
            borderRadius="md"
            alignSelf="center"
            display="flex"
            alignItems="center"
            justifyContent="center"
            minW="18rem"
            minH="18rem"
          >
            {image.data ? <Image src={image.data} alt="Your wake tag (QR code)" w="64" h="64" data-testid="wake-tag-qr" /> : <Text>Making your wake tag…</Text>}
          </Box>
        )}
        <Button colorPalette="brand" onClick={() => window.print()} disabled={!image.data}>
          Print
        </Button>
        <Text fontSize="sm" color="fg.muted">
          The code only unlocks a button in the app; it is not proof of waking and pays nothing.
        </Text>
      </Stack>
    </Container>
  );
}
