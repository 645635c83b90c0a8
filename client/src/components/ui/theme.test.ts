import { defaultConfig } from '@chakra-ui/react';
import { getSystem, prepareSystemSteps, unusedPalettes, withPrebuiltGlobalCss } from './theme';

// theme.ts keeps only the slot recipes of the Chakra components the app uses (bundle size). This fails when a file
// starts using another multi-part component (Tooltip, Popover, ...) whose recipe was left out: add it to theme.ts.
const sources = import.meta.glob(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}'], { query: '?raw', import: 'default', eager: true }) as Record<
  string,
  string
>;

function chakraImports(): Map<string, string> {
  const names = new Map<string, string>();
  for (const [file, text] of Object.entries(sources)) {
    for (const m of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)) {
      for (const raw of m[1].split(',')) {
        const name = raw
          .replace(/^\s*type\s+/, '')
          .split(/\s+as\s+/)[0]
          .trim();
        if (name) names.set(name, file);
      }
    }
  }
  return names;
}

describe('Chakra system', () => {
  it('has the slot recipe of every multi-part component the app imports', () => {
    expect(chakraImports().has('Dialog')).toBe(true); // the scan sees the sources
    const all = Object.keys(defaultConfig.theme?.slotRecipes ?? {});
    const missing: string[] = [];
    for (const [name, file] of chakraImports()) {
      const key = name.charAt(0).toLowerCase() + name.slice(1);
      if (all.includes(key) && !getSystem().isSlotRecipe(key)) missing.push(`${name} (${file})`);
    }
    expect(missing).toEqual([]);
  });

  it('keeps the default simple recipes and tokens', () => {
    expect(getSystem().isRecipe('button')).toBe(true);
    expect(getSystem().token('colors.brand.700')).toBe('#0b5d57');
    expect(getSystem().token('colors.red.700')).toBeTruthy();
  });

  it('leaves out only colour palettes no file uses (add one back to theme.ts before using it)', () => {
    const pattern = new RegExp(`['"{.](${unusedPalettes.join('|')})(\\.\\d|['"}])`);
    const users = Object.entries(sources)
      .filter(([file, text]) => !file.endsWith('/theme.ts') && pattern.test(text))
      .map(([file]) => file);
    expect(users).toEqual([]);
    expect(getSystem().token('colors.teal.500')).toBeUndefined();
    expect(getSystem().token('colors.orange.500')).toBeTruthy();
  });

  it("runs a production build's preparation steps (its hook into createSystem) before the system, and none elsewhere", async () => {
    expect(prepareSystemSteps()).toEqual([]); // tests and dev: no hook (and here the system is built already)
    const key = Symbol.for('wakestake.prepareChakraSystem');
    const calls: unknown[][] = [];
    const ran: number[] = [];
    (globalThis as Record<symbol, unknown>)[key] = (...configs: unknown[]) => {
      calls.push(configs);
      return [0, 1, 2].map((n) => () => void ran.push(n));
    };
    vi.resetModules();
    try {
      const fresh = await import('./theme');
      const steps = fresh.prepareSystemSteps();
      expect(steps).toHaveLength(4); // the global CSS's <style> (none here: no prebuilt CSS in tests), then the hook's 3
      expect(calls).toHaveLength(1);
      expect(calls[0]).toHaveLength(3); // defaultBaseConfig, Chakra's theme, the app's: as given to createSystem
      for (const step of steps) step();
      expect(ran).toEqual([0, 1, 2]);
      expect(fresh.getSystem().token('colors.brand.700')).toBe('#0b5d57');
      expect(fresh.prepareSystemSteps()).toEqual([]); // once built
    } finally {
      delete (globalThis as Record<symbol, unknown>)[key];
    }
  });

  it("takes a production build's precomputed global CSS as one <style>, and leaves ChakraProvider nothing to build", () => {
    const system = getSystem();
    expect(system._global.length).toBeGreaterThan(0); // dev and tests: Chakra's own global styles
    expect(withPrebuiltGlobalCss(system, '')).toBe(system);

    const css = '@layer reset,base,tokens,recipes;@layer tokens{:where(:root, :host){--chakra-colors-brand-700:#0b5d57;}}';
    const prebuilt = withPrebuiltGlobalCss(system, css);
    const style = document.head.firstElementChild as HTMLStyleElement;
    try {
      expect(style.hasAttribute('data-chakra-global')).toBe(true);
      expect(style.textContent).toBe(css);
      expect(prebuilt._global).toEqual([]);
      expect(prebuilt.token('colors.brand.700')).toBe('#0b5d57');
      expect(prebuilt.getSlotRecipeFn('card')).toBe(system.getSlotRecipeFn('card'));
      expect(Object.keys(prebuilt).sort()).toEqual(Object.keys(system).sort());
    } finally {
      style.remove();
    }
  });
});
