export const alpha = 1;
