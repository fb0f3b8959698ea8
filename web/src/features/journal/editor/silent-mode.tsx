import { useEffect, useState, type RefObject } from "react";
import { MaximizeIcon, MinimizeIcon, XIcon } from "lucide-react";

import { Button } from "@/components/ui/button";

interface SilentModeProps {
  value: string;
  onChange: (value: string) => void;
  onExit: () => void;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
}

/** Full-screen black, distraction-free writing with an exit button and a fullscreen toggle. */
export function SilentMode({ value, onChange, onExit, textareaRef }: SilentModeProps) {
  const [fullscreen, setFullscreen] = useState(() => Boolean(document.fullscreenElement));

  useEffect(() => {
    const update = () => setFullscreen(Boolean(document.fullscreenElement));
    document.addEventListener("fullscreenchange", update);
    textareaRef.current?.focus();
    return () => document.removeEventListener("fullscreenchange", update);
  }, [textareaRef]);

  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen?.().catch(() => {});
    else void document.documentElement.requestFullscreen?.().catch(() => {});
  };

  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label="Silent Mode"
      className="fixed inset-0 z-50 flex flex-col bg-black text-neutral-100"
    >
      <div className="flex justify-end gap-2 p-3">
        <Button
          variant="ghost"
          size="icon"
          className="text-neutral-400 hover:bg-neutral-900 hover:text-neutral-100"
          aria-label={fullscreen ? "Exit full screen" : "Enter full screen"}
          onClick={toggleFullscreen}
        >
          {fullscreen ? <MinimizeIcon aria-hidden="true" /> : <MaximizeIcon aria-hidden="true" />}
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="text-neutral-400 hover:bg-neutral-900 hover:text-neutral-100"
          aria-label="Exit Silent Mode"
          onClick={onExit}
        >
          <XIcon aria-hidden="true" />
        </Button>
      </div>
      <textarea
        ref={textareaRef}
        aria-label="Journal entry"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="mx-auto w-full max-w-3xl flex-1 resize-none bg-transparent px-6 pb-10 font-serif text-lg leading-relaxed outline-none placeholder:text-neutral-600"
        placeholder="Just write."
      />
    </div>
  );
}
