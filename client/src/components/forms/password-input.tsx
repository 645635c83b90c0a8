import { Icon, IconButton, Input, InputGroup, type InputProps } from '@chakra-ui/react';
import { forwardRef, useState } from 'react';

function EyeIcon({ off }: { off?: boolean }) {
  return (
    <Icon aria-hidden="true" focusable="false" asChild boxSize={4}>
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
        <circle cx="12" cy="12" r="3" />
        {off ? <path d="M3 3l18 18" /> : null}
      </svg>
    </Icon>
  );
}

/** A password field with a show/hide toggle; use inside Field.Root so the label points at the input. */
export const PasswordInput = forwardRef<HTMLInputElement, Omit<InputProps, 'type'> & { toggleLabel?: string }>(function PasswordInput(
  { toggleLabel = 'password', ...props },
  ref,
) {
  const [visible, setVisible] = useState(false);
  return (
    <InputGroup
      endElement={
        <IconButton
          type="button"
          variant="ghost"
          size="xs"
          me="-2"
          aria-label={visible ? `Hide ${toggleLabel}` : `Show ${toggleLabel}`}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          <EyeIcon off={visible} />
        </IconButton>
      }
    >
      <Input ref={ref} type={visible ? 'text' : 'password'} {...props} />
    </InputGroup>
  );
});
