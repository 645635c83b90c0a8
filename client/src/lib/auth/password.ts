/** The password rule's one place: the sign-up, reset and change-password forms all check this length. */
export const MIN_PASSWORD_LENGTH = 8;
