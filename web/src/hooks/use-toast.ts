import { useSyncExternalStore, type ReactNode } from "react";

import type { ToastActionElement, ToastProps } from "@/components/ui/toast";
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from "@/lib/constants";

/**
 * The app-wide toast store (shadcn's `use-toast`). At most TOAST_LIMIT toasts exist at once, so a
 * new toast replaces the visible one. A dismissed toast stays mounted, closed, for
 * TOAST_REMOVE_DELAY_MS so its exit animation can play, then it is removed.
 */

type ToasterToast = Omit<ToastProps, "title"> & {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  action?: ToastActionElement;
};

type ToastInput = Omit<ToasterToast, "id">;

type State = {
  toasts: ToasterToast[];
};

type Action =
  | { type: "ADD_TOAST"; toast: ToasterToast }
  | { type: "UPDATE_TOAST"; toast: Partial<ToasterToast> & { id: string } }
  | { type: "DISMISS_TOAST"; toastId?: string }
  | { type: "REMOVE_TOAST"; toastId?: string };

function reducer(state: State, action: Action): State {
  switch (action.type) {
    case "ADD_TOAST":
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case "UPDATE_TOAST":
      return {
        toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)),
      };
    case "DISMISS_TOAST":
      return {
        toasts: state.toasts.map((t) =>
          action.toastId === undefined || t.id === action.toastId ? { ...t, open: false } : t,
        ),
      };
    case "REMOVE_TOAST":
      return {
        toasts: action.toastId === undefined ? [] : state.toasts.filter((t) => t.id !== action.toastId),
      };
  }
}

let state: State = { toasts: [] };
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let idCounter = 0;

function dispatch(action: Action): void {
  state = reducer(state, action);
  for (const listener of listeners) listener();
}

function nextId(): string {
  idCounter = (idCounter + 1) % Number.MAX_SAFE_INTEGER;
  return String(idCounter);
}

function scheduleRemoval(toastId: string): void {
  if (removalTimers.has(toastId)) return;
  const timer = setTimeout(() => {
    removalTimers.delete(toastId);
    dispatch({ type: "REMOVE_TOAST", toastId });
  }, TOAST_REMOVE_DELAY_MS);
  removalTimers.set(toastId, timer);
}

/** Closes one toast, or every toast when no id is given. */
function dismiss(toastId?: string): void {
  const ids = toastId === undefined ? state.toasts.map((t) => t.id) : [toastId];
  for (const id of ids) scheduleRemoval(id);
  dispatch({ type: "DISMISS_TOAST", toastId });
}

function toast(input: ToastInput) {
  const id = nextId();

  const update = (props: ToastInput) => dispatch({ type: "UPDATE_TOAST", toast: { ...props, id } });
  const close = () => dismiss(id);

  dispatch({
    type: "ADD_TOAST",
    toast: {
      ...input,
      id,
      open: true,
      onOpenChange: (open) => {
        input.onOpenChange?.(open);
        if (!open) close();
      },
    },
  });

  return { id, dismiss: close, update };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): State {
  return state;
}

function useToast() {
  const { toasts } = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { toasts, toast, dismiss };
}

export { useToast, toast, dismiss, type ToasterToast, type ToastInput };
