import { createSystem, defaultBaseConfig, defineConfig, type SystemContext } from '@chakra-ui/react';
import prebuiltGlobalCss from 'virtual:chakra-global-css';
import {
  alertSlotRecipe,
  animationStyles,
  breakpoints,
  cardSlotRecipe,
  checkboxSlotRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  keyframes,
  layerStyles,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  recipes,
  semanticTokens,
  sliderSlotRecipe,
  statSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';

/**
 * A closed dialog's backdrop, positioner and panel become `visibility: hidden` once its exit animation has had time
 * to end (Chakra's is 150-200 ms). Chakra removes them on `animationend`; on a busy phone that event was once missed
 * and the faded-out dialog stayed in the page, still covering it and catching taps. Hidden, it no longer does.
 */
const CLOSED_DIALOG_LEAVES = { visibility: 'hidden', transition: 'visibility 0s linear 0.4s' } as const;
const leavesWhenClosed = <T extends { _closed?: object }>(part: T | undefined) => ({ ...part, _closed: { ...part?._closed, ...CLOSED_DIALOG_LEAVES } });
const dialogBase = dialogSlotRecipe.base ?? {};
const dialogRecipe = {
  ...dialogSlotRecipe,
  base: {
    ...dialogBase,
    backdrop: leavesWhenClosed(dialogBase.backdrop),
    positioner: leavesWhenClosed(dialogBase.positioner),
    content: leavesWhenClosed(dialogBase.content),
  },
} as typeof dialogSlotRecipe;

// Chakra's defaultConfig carries the slot recipes of ~50 components; every one of them lands in the entry chunk
// because the system is built at start. This is defaultConfig (same tokens, semantic tokens, global CSS, simple
// recipes) with only the slot recipes of the components the app uses. Using another multi-part Chakra component
// (Tooltip, Popover, Select, Accordion, ...) means adding its `xxxSlotRecipe` here: theme.test.ts fails until then.
export const usedSlotRecipes = {
  alert: alertSlotRecipe,
  card: cardSlotRecipe,
  checkbox: checkboxSlotRecipe,
  dataList: dataListSlotRecipe,
  dialog: dialogRecipe,
  field: fieldSlotRecipe,
  list: listSlotRecipe,
  menu: menuSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  progress: progressSlotRecipe,
  slider: sliderSlotRecipe,
  stat: statSlotRecipe,
  switch: switchSlotRecipe,
  table: tableSlotRecipe,
  tabs: tabsSlotRecipe,
};

// Colour palettes the app never uses. Each palette is ~20 tokens and semantic tokens that createSystem turns into CSS
// variables at start-up (40 % of its time, ~100 ms on a phone, for 4 of Chakra's 10): theme.test.ts fails when a file
// names one of them.
export const unusedPalettes = ['teal', 'cyan', 'purple', 'pink'] as const;
const withoutUnused = <T extends object>(group: T | undefined): T =>
  Object.fromEntries(Object.entries(group ?? {}).filter(([name]) => !(unusedPalettes as readonly string[]).includes(name))) as T;

const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: { ...tokens, colors: withoutUnused(tokens.colors) },
    semanticTokens: { ...semanticTokens, colors: withoutUnused(semanticTokens.colors) },
    recipes,
    slotRecipes: usedSlotRecipes,
    textStyles,
    layerStyles,
    animationStyles,
  },
});

// Brand: a deep teal. Solid buttons use brand.700 with white text (7.4:1; still > 6:1 at the 90% hover tint),
// because Chakra's default blue drops to 4.31:1 on hover and fails axe colour-contrast.
const config = defineConfig({
  globalCss: {
    'html, body': { minHeight: '100%' },
    body: { overflowX: 'hidden' },
  },
  theme: {
    tokens: {
      colors: {
        brand: {
          50: { value: '#e6f7f5' },
          100: { value: '#c2ebe6' },
          200: { value: '#8fd9d0' },
          300: { value: '#5cc4b8' },
          400: { value: '#2fa99c' },
          500: { value: '#168d81' },
          600: { value: '#0f766e' },
          700: { value: '#0b5d57' },
          800: { value: '#084842' },
          900: { value: '#05332f' },
          950: { value: '#032220' },
        },
      },
    },
    semanticTokens: {
      colors: {
        // Chakra's light fg.error (red.500) and fg.success (green.600) are under 4.5:1 on white: darker shades pass axe.
        fg: {
          error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.400}' } },
          success: { value: { _light: '{colors.green.700}', _dark: '{colors.green.300}' } },
        },
        brand: {
          solid: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.700}' } },
          contrast: { value: { _light: 'white', _dark: 'white' } },
          fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
          muted: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
          subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.950}' } },
          emphasized: { value: { _light: '{colors.brand.300}', _dark: '{colors.brand.700}' } },
          focusRing: { value: { _light: '{colors.brand.600}', _dark: '{colors.brand.400}' } },
          border: { value: { _light: '{colors.brand.600}', _dark: '{colors.brand.400}' } },
        },
      },
    },
  },
});

let built: SystemContext | undefined;
let globalCssInserted = false;

const PREPARE = Symbol.for('wakestake.prepareChakraSystem');

/**
 * A production build only (vite.config.ts, prebuiltChakraGlobalCss): inserting the global CSS and the first ~75 % of
 * building the system (merging the configs, the token dictionary) as steps, which src/boot.tsx runs in tasks of their
 * own before getSystem() builds the rest (on a phone the whole was one task of ~110-140 ms). To be run in order, all of
 * them; a step left out only means createSystem builds it all itself. None elsewhere, or once the system is built.
 */
export function prepareSystemSteps(): (() => void)[] {
  const prepare = (globalThis as { [PREPARE]?: (...configs: unknown[]) => (() => void)[] })[PREPARE];
  if (built || !prepare) return [];
  return [
    // The precomputed global CSS's <style> (parsing 44 kB) in a task of its own too.
    () => {
      if (prebuiltGlobalCss && typeof document !== 'undefined' && !globalCssInserted && !built) {
        insertGlobalCss(prebuiltGlobalCss);
        globalCssInserted = true;
      }
    },
    // Merging the configs, then the token dictionary in two.
    ...prepare(defaultBaseConfig, chakraTheme, config),
  ];
}

/**
 * The Chakra system, built on first use: building it (tokens, recipes, CSS variables) is one of the longest pieces
 * of start-up work, and src/boot.tsx runs it in a task of its own so no single task blocks a phone for long.
 */
export function getSystem(): SystemContext {
  return (built ??= withPrebuiltGlobalCss(createSystem(defaultBaseConfig, chakraTheme, config), prebuiltGlobalCss, { inserted: globalCssInserted }));
}

function insertGlobalCss(css: string): void {
  const style = document.createElement('style');
  style.setAttribute('data-chakra-global', '');
  style.textContent = css;
  document.head.prepend(style);
}

/**
 * A production build carries the system's global CSS precomputed (vite.config.ts, prebuiltChakraGlobalCss): one <style>
 * the browser parses natively, and a system whose `_global` is empty, so ChakraProvider's <Global> inserts nothing and
 * the (lazy, in that build) style object is never built. Without it (dev, tests) the system is Chakra's own.
 * `inserted`: the <style> is in already (prepareSystemSteps).
 */
export function withPrebuiltGlobalCss(system: SystemContext, css: string, { inserted = false } = {}): SystemContext {
  if (!css || typeof document === 'undefined') return system;
  if (!inserted) insertGlobalCss(css);
  // A copy by descriptors: reading `_global` (a getter in that build) would build it.
  const descriptors = Object.getOwnPropertyDescriptors(system);
  return Object.defineProperties({}, { ...descriptors, _global: { value: [], enumerable: true } }) as SystemContext;
}
