import { Suspense, useState, type ReactNode } from "react";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";

import { lazyPage } from "@/lib/lazy-page";
import { createQueryClient } from "@/lib/query-client";
import { ThemeProvider } from "@/lib/theme";

/**
 * The toast area loads after the first screen: toasts raised before it arrives wait in the toast
 * store (hooks/use-toast) and show as soon as it mounts.
 */
const Toaster = lazyPage(() => import("@/components/ui/toaster").then((m) => ({ default: m.Toaster })));

/** App-wide providers: server state, theme and the toast area (each tooltip brings its own timing). */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());

  return (
    <QueryClientProvider client={client}>
      <ThemeProvider>
        {children}
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
