import { useEffect, useRef, useState } from "react";

/**
 * True while the page is scrolled down past `thresholdPx` and the last scroll went down; false
 * as soon as the user scrolls up, or is back within the threshold of the top.
 */
export function useHideOnScroll(thresholdPx: number): [hidden: boolean, reveal: () => void] {
  const [hidden, setHidden] = useState(false);
  const lastY = useRef(0);

  useEffect(() => {
    lastY.current = Math.max(0, window.scrollY);

    function onScroll() {
      // iOS reports negative offsets while bouncing at the top.
      const y = Math.max(0, window.scrollY);
      if (y <= thresholdPx) setHidden(false);
      else if (y > lastY.current) setHidden(true);
      else if (y < lastY.current) setHidden(false);
      lastY.current = y;
    }

    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [thresholdPx]);

  return [hidden, () => setHidden(false)];
}
