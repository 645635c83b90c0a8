/** A Chakra colour token ("green.solid", "fg.muted") as its CSS variable, for SVG attributes and inline styles. */
export const tokenColor = (token: string) => `var(--chakra-colors-${token.replaceAll('.', '-')})`;
