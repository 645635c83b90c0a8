import { IconButton, type IconButtonProps } from '@chakra-ui/react';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { storageKeys } from '@/config/storage-keys';
import { MoonIcon, SunIcon } from './icons';

export type ColorMode = 'light' | 'dark';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function storedColorMode(): ColorMode | null {
  try {
    const value = localStorage.getItem(storageKeys.theme);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null;
  }
}

function systemColorMode(): ColorMode {
  return typeof window !== 'undefined' && window.matchMedia?.(DARK_QUERY).matches ? 'dark' : 'light';
}

/** The saved choice, else the system preference. */
export function initialColorMode(): ColorMode {
  return storedColorMode() ?? systemColorMode();
}

/** Chakra v3 keys its `_dark` condition on the `dark` class of an ancestor: put it on <html>. */
export function applyColorMode(mode: ColorMode): void {
  const root = document.documentElement;
  root.classList.toggle('dark', mode === 'dark');
  root.classList.toggle('light', mode === 'light');
  root.dataset.theme = mode;
  root.style.colorScheme = mode;
}

interface ColorModeContextValue {
  colorMode: ColorMode;
  setColorMode: (mode: ColorMode) => void;
  toggleColorMode: () => void;
}

const ColorModeContext = createContext<ColorModeContextValue | null>(null);

export function ColorModeProvider({ children }: { children: ReactNode }) {
  const [colorMode, setMode] = useState<ColorMode>(initialColorMode);

  useEffect(() => applyColorMode(colorMode), [colorMode]);

  // Follow the system while the user has not chosen.
  useEffect(() => {
    const media = window.matchMedia?.(DARK_QUERY);
    if (!media) return;
    const onChange = () => {
      if (!storedColorMode()) setMode(media.matches ? 'dark' : 'light');
    };
    media.addEventListener?.('change', onChange);
    return () => media.removeEventListener?.('change', onChange);
  }, []);

  const setColorMode = useCallback((mode: ColorMode) => {
    localStorage.setItem(storageKeys.theme, mode);
    setMode(mode);
  }, []);

  const value = useMemo<ColorModeContextValue>(
    () => ({ colorMode, setColorMode, toggleColorMode: () => setColorMode(colorMode === 'dark' ? 'light' : 'dark') }),
    [colorMode, setColorMode],
  );

  return <ColorModeContext.Provider value={value}>{children}</ColorModeContext.Provider>;
}

export function useColorMode(): ColorModeContextValue {
  const ctx = useContext(ColorModeContext);
  if (!ctx) throw new Error('useColorMode must be used inside ColorModeProvider');
  return ctx;
}

/** Pick a value by the current mode (v3 has no useColorModeValue built in). */
export function useColorModeValue<T>(light: T, dark: T): T {
  return useColorMode().colorMode === 'dark' ? dark : light;
}

export function ColorModeButton(props: Omit<IconButtonProps, 'aria-label'>) {
  const { colorMode, toggleColorMode } = useColorMode();
  return (
    <IconButton
      aria-label="Toggle color mode"
      title={colorMode === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
      variant="ghost"
      size="sm"
      onClick={toggleColorMode}
      {...props}
    >
      {colorMode === 'dark' ? <SunIcon /> : <MoonIcon />}
    </IconButton>
  );
}
