import { createContext, use, useCallback, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from "react";

import { DARK_MODE_STORAGE_KEY } from "@/lib/constants";

export type Theme = "dark" | "light";

type ThemeContextValue = {
  theme: Theme;
  setTheme: (theme: Theme) => void;
  toggleTheme: () => void;
};

const ThemeContext = createContext<ThemeContextValue | null>(null);

/** Anything other than a stored "false" (including nothing stored) means dark, the default. */
function themeFromStoredValue(value: string | null): Theme {
  return value === "false" ? "light" : "dark";
}

export function readStoredTheme(): Theme {
  try {
    return themeFromStoredValue(window.localStorage.getItem(DARK_MODE_STORAGE_KEY));
  } catch {
    // Storage can be unavailable (privacy modes); fall back to the default.
    return "dark";
  }
}

function storeTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(DARK_MODE_STORAGE_KEY, String(theme === "dark"));
  } catch {
    // Not remembered across visits, but the theme still applies for this page.
  }
}

/** Puts the `dark` class on <html> (the Tailwind dark variant) and matches native controls. */
export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle("dark", theme === "dark");
  root.style.colorScheme = theme;
}

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setThemeState] = useState<Theme>(readStoredTheme);

  // Layout effect: the class must change in the same frame as the toggle, before paint.
  useLayoutEffect(() => {
    applyTheme(theme);
  }, [theme]);

  // Keep several open tabs in step.
  useEffect(() => {
    function onStorage(event: StorageEvent) {
      if (event.key === DARK_MODE_STORAGE_KEY) {
        setThemeState(themeFromStoredValue(event.newValue));
      }
    }
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  const setTheme = useCallback((next: Theme) => {
    storeTheme(next);
    setThemeState(next);
  }, []);

  const toggleTheme = useCallback(() => {
    setTheme(theme === "dark" ? "light" : "dark");
  }, [theme, setTheme]);

  const value = useMemo(() => ({ theme, setTheme, toggleTheme }), [theme, setTheme, toggleTheme]);

  return <ThemeContext value={value}>{children}</ThemeContext>;
}

export function useTheme(): ThemeContextValue {
  const context = use(ThemeContext);
  if (!context) {
    throw new Error("useTheme must be used within a ThemeProvider");
  }
  return context;
}
