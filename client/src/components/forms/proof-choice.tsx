import { Box, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { proofChoices, type ProofLevel } from '@/lib/status-words';

/** The proof level, chosen when staking (the create-challenge form and the plan form). */
export function ProofChoice({ value, onChange, disabled }: { value: ProofLevel; onChange: (proof: ProofLevel) => void; disabled?: boolean }) {
  const name = useId();
  return (
    <Box as="fieldset" borderWidth="0" p={0} m={0} minW={0}>
      <Text as="legend" fontWeight="medium" fontSize="sm" mb={2}>
        Proof
      </Text>
      <Stack gap={2}>
        {proofChoices.map((c) => (
          <Box
            as="label"
            key={c.value}
            display="flex"
            alignItems="flex-start"
            gap={3}
            p={3}
            minH="12"
            borderWidth="1px"
            borderRadius="md"
            cursor={disabled ? 'not-allowed' : 'pointer'}
            borderColor={value === c.value ? 'brand.solid' : 'border'}
            bg={value === c.value ? 'brand.subtle' : undefined}
            data-testid={`proof-${c.value}`}
          >
            <input
              type="radio"
              name={name}
              value={c.value}
              checked={value === c.value}
              disabled={disabled}
              onChange={() => onChange(c.value)}
              style={{ marginTop: 4, width: 18, height: 18, flexShrink: 0 }}
            />
            <Text as="span">
              <strong>{c.title}</strong> — {c.detail}
            </Text>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
