import { Badge, Box, Button, Card, Container, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { AlarmIcon, CheckIcon, FlameIcon, UsersIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useAppConfig, useRules } from '@/lib/config';
import { moneyRuleLines, type Rules } from '@/lib/rules';

// Every number here is the server's (GET /config's rules), never a copy.
const featuresOf = (r: Rules): { title: string; text: string; icon: ReactNode }[] => [
  {
    title: 'Stake on your wake-up',
    text: `Pick a wake-up time and put ₹${r.stake.min} to ₹${r.stake.max} on it. Check in within the window and your stake comes back.`,
    icon: <AlarmIcon boxSize={6} />,
  },
  {
    title: 'Build your streak',
    text: 'Every morning you make it counts. Watch your streak and success rate grow day after day.',
    icon: <FlameIcon boxSize={6} />,
  },
  {
    title: 'Share the community pool',
    text: 'Stakes missed by others fill a daily pool. Wake up on time and take your share of it.',
    icon: <UsersIcon boxSize={6} />,
  },
];

// POOL_MODE=pledge: a commitment device, not a game; nobody wins anyone's money, so no pool and no winnings.
const pledgeFeaturesOf = (r: Rules): ReturnType<typeof featuresOf> => [
  featuresOf(r)[0],
  featuresOf(r)[1],
  {
    title: 'Back a cause when you slip',
    text: `Miss a morning and ${100 - r.missRefundPercent}% of your stake goes to a charity you pick. Nobody profits from anyone else's lie-in.`,
    icon: <UsersIcon boxSize={6} />,
  },
];

const windowLine = (r: Rules) => `Check in from ${r.checkIn.minutesBefore} minutes before to ${r.checkIn.minutesAfter} minutes after your time`;

const pledgeBenefitsOf = (r: Rules) => [
  'Your full stake back every morning you make it',
  `Miss a morning and still get ${r.missRefundPercent}% back; the rest is donated`,
  windowLine(r),
  'Add funds and withdraw to UPI or your bank in rupees',
];

const benefitsOf = (r: Rules) => [
  'Winnings credited to your wallet by 3 PM',
  `Miss a morning and still get ${r.missRefundPercent}% of your stake back`,
  windowLine(r),
  'Add funds and withdraw to UPI or your bank in rupees',
];

function CallsToAction({ isAuthenticated }: { isAuthenticated: boolean }) {
  return (
    <Stack direction={{ base: 'column', sm: 'row' }} gap={3} w={{ base: 'full', sm: 'auto' }}>
      {isAuthenticated ? (
        <>
          <Button asChild colorPalette="brand" size="lg">
            <RouterLink to={paths.dashboard}>Dashboard</RouterLink>
          </Button>
          <Button asChild variant="outline" size="lg">
            <RouterLink to={paths.challenge}>Create a Challenge</RouterLink>
          </Button>
        </>
      ) : (
        <>
          <Button asChild colorPalette="brand" size="lg">
            <RouterLink to={paths.register}>Get Started</RouterLink>
          </Button>
          <Button asChild variant="outline" size="lg">
            <RouterLink to={paths.login}>Login</RouterLink>
          </Button>
        </>
      )}
    </Stack>
  );
}

export function LandingPage({ isAuthenticated }: { isAuthenticated: boolean }) {
  const pledge = useAppConfig().data?.poolMode === 'pledge';
  const rules = useRules();
  return (
    <>
      <Box as="section" aria-labelledby="hero-title" bg="brand.subtle" py={{ base: 12, md: 20 }}>
        <Container maxW="6xl">
          <Stack gap={6} maxW="3xl" align="flex-start">
            <Badge colorPalette="brand" variant="surface" size="lg">
              {pledge ? 'Wake up. Check in. Keep your stake.' : 'Wake up. Check in. Get paid.'}
            </Badge>
            <Heading id="hero-title" as="h1" fontSize={{ base: '4xl', md: '6xl' }} lineHeight="1.1" letterSpacing="tight">
              {pledge ? 'Put your money where your alarm is' : 'Get paid to wake up on time'}
            </Heading>
            <Text fontSize={{ base: 'lg', md: 'xl' }} color="fg.muted">
              {pledge ? (
                <>
                  Put a small pledge on tomorrow&apos;s alarm. Check in on time and it all comes back; sleep in and {100 - rules.missRefundPercent}% goes to a
                  charity you chose.
                </>
              ) : (
                <>Put a small forfeit on tomorrow&apos;s alarm. Check in on time and earn it back plus a share of the pool from those who slept in.</>
              )}
            </Text>
            <CallsToAction isAuthenticated={isAuthenticated} />
          </Stack>
        </Container>
      </Box>

      <Box as="section" aria-labelledby="features-title" py={{ base: 12, md: 16 }}>
        <Container maxW="6xl">
          <Heading id="features-title" as="h2" size="2xl" mb={8} textAlign={{ base: 'left', md: 'center' }}>
            How WakeStake works
          </Heading>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap={6}>
            {(pledge ? pledgeFeaturesOf(rules) : featuresOf(rules)).map((f) => (
              <Card.Root key={f.title} variant="outline">
                <Card.Body gap={3}>
                  <Flex w={12} h={12} align="center" justify="center" rounded="lg" bg="brand.subtle" color="brand.fg">
                    {f.icon}
                  </Flex>
                  <Heading as="h3" size="lg">
                    {f.title}
                  </Heading>
                  <Text color="fg.muted">{f.text}</Text>
                </Card.Body>
              </Card.Root>
            ))}
          </SimpleGrid>
        </Container>
      </Box>

      <Box as="section" aria-labelledby="benefits-title" py={{ base: 12, md: 16 }} bg="bg.subtle">
        <Container maxW="6xl">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap={10} alignItems="center">
            <Stack gap={4}>
              <Heading id="benefits-title" as="h2" size="2xl">
                Why it works
              </Heading>
              <Text color="fg.muted">
                {pledge ? (
                  <>A little money on the line turns &ldquo;five more minutes&rdquo; into getting up. Mornings you make it, you keep it all.</>
                ) : (
                  <>A little money on the line turns &ldquo;five more minutes&rdquo; into getting up. Mornings you win, you are paid for them.</>
                )}
              </Text>
            </Stack>
            <Stack as="ul" gap={3} listStyleType="none" m={0} p={0}>
              {(pledge ? pledgeBenefitsOf(rules) : benefitsOf(rules)).map((b) => (
                <Flex as="li" key={b} align="flex-start" gap={3}>
                  <Flex flexShrink={0} mt="2px" color="brand.fg">
                    <CheckIcon boxSize={5} />
                  </Flex>
                  <Text as="span">{b}</Text>
                </Flex>
              ))}
            </Stack>
          </SimpleGrid>
        </Container>
      </Box>

      <Box as="section" aria-labelledby="rules-title" py={{ base: 12, md: 16 }}>
        <Container maxW="3xl">
          <Stack gap={4}>
            <Heading id="rules-title" as="h2" size="2xl">
              The rules, before you pay
            </Heading>
            <Stack as="ul" gap={2} listStyleType="disc" ps={5} m={0} data-testid="landing-rules">
              {moneyRuleLines(rules).map((line) => (
                <Text as="li" key={line}>
                  {line}
                </Text>
              ))}
            </Stack>
          </Stack>
        </Container>
      </Box>

      <Box as="section" aria-labelledby="cta-title" py={{ base: 12, md: 16 }}>
        <Container maxW="3xl">
          <Stack gap={5} align="center" textAlign="center">
            <Heading id="cta-title" as="h2" size="2xl">
              Ready for your first early morning?
            </Heading>
            <Text color="fg.muted">Set a challenge in under a minute. Amounts in rupees, times in IST.</Text>
            <CallsToAction isAuthenticated={isAuthenticated} />
          </Stack>
        </Container>
      </Box>
    </>
  );
}
