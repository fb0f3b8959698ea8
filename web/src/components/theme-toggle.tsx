import { useEffect, useRef, useState } from "react";
import { MoonIcon, SunIcon } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { useTheme } from "@/lib/theme";
import { cn } from "@/lib/utils";

/** Switches between the dark (default) and light themes; the choice is remembered. */
function ThemeToggle({ className }: { className?: string }) {
  const { theme, toggleTheme } = useTheme();
  const isDark = theme === "dark";
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);

  // Radix closes the tooltip when the toggle itself loses focus, but one the pointer opened stays
  // while the pointer rests there, even when keyboard focus moves on to another control: close it
  // whenever focus lands anywhere else.
  useEffect(() => {
    if (!open) return;
    const onFocusIn = (event: FocusEvent) => {
      if (!trigger.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("focusin", onFocusIn);
    return () => document.removeEventListener("focusin", onFocusIn);
  }, [open]);

  return (
    <Tooltip open={open} onOpenChange={setOpen}>
      <TooltipTrigger asChild>
        <Button
          ref={trigger}
          variant="ghost"
          size="icon"
          aria-label="Toggle theme"
          data-theme={theme}
          onClick={toggleTheme}
          className={cn("rounded-full", className)}
        >
          {isDark ? <SunIcon aria-hidden="true" /> : <MoonIcon aria-hidden="true" />}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{isDark ? "Switch to light theme" : "Switch to dark theme"}</TooltipContent>
    </Tooltip>
  );
}

export { ThemeToggle };
