export const shared = 2;
