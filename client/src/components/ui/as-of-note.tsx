import { Text } from '@chakra-ui/react';

/** "Saved copy: amounts as of 6:31 AM": a section's figures are not live (lib/use-last-dashboard's useSavedAsOf). */
export const asOfNoteWords = (asOf: string) => `Saved copy: amounts ${asOf}`;

/**
 * At the top of a section whose money is shown from data that is not live (the copy kept on the phone, or
 * what the page holds while the service cannot be reached), one line saying so. Nothing while the data is live.
 */
export function AsOfNote({ asOf, short }: { asOf?: string /** under a single figure: "as of 6:31 AM" alone */; short?: boolean }) {
  if (!asOf) return null;
  return (
    <Text fontSize="sm" color="fg.muted" data-testid="as-of-note">
      {short ? asOf : asOfNoteWords(asOf)}
    </Text>
  );
}
