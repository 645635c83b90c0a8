import { chakra } from '@chakra-ui/react';

/** A <form> laid out like a vertical Stack (Stack's `as="form"` types lack the form attributes). */
export const FormStack = chakra('form', { base: { display: 'flex', flexDirection: 'column' } });
