import { Box, Flex, Text } from '@chakra-ui/react';
import { STEPS, type Step } from './withdraw-rules';

/** "Step n of 5" and a bar per step, the current one marked for screen readers. */
export function WithdrawProgress({ step }: { step: Step }) {
  return (
    <Box as="nav" aria-label="Withdrawal progress">
      <Text fontSize="sm" color="fg.muted" mb={2}>
        Step {step + 1} of {STEPS.length}: {STEPS[step]}
      </Text>
      <Flex as="ol" gap={2} listStyleType="none">
        {STEPS.map((label, i) => (
          <Box as="li" key={label} flex="1" aria-current={i === step ? 'step' : undefined} title={label}>
            <Box h="2" rounded="full" bg={i <= step ? 'brand.solid' : 'bg.emphasized'} />
            <Text fontSize="xs" mt={1} color={i === step ? 'fg' : 'fg.muted'} fontWeight={i === step ? 'semibold' : 'normal'}>
              {label}
            </Text>
          </Box>
        ))}
      </Flex>
    </Box>
  );
}
