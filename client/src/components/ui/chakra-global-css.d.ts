// vite.config.ts (prebuiltChakraGlobalCss): Chakra's global CSS computed at build time; empty in dev and tests.
declare module 'virtual:chakra-global-css' {
  const css: string;
  export default css;
}
