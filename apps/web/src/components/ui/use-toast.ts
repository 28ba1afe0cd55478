import type { ReactNode } from 'react';
import { useSyncExternalStore } from 'react';

/** Spec section 9: one toast at a time; a dismissed one is removed after 1,000,000 ms. */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;
export const TOAST_DURATION = 5_000;

export interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  variant?: 'default' | 'destructive';
  duration?: number;
  action?: ReactNode;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

type Listener = () => void;

let toasts: ToastItem[] = [];
let counter = 0;
const listeners = new Set<Listener>();
const removals = new Map<string, ReturnType<typeof setTimeout>>();

const emit = () => {
  for (const listener of listeners) listener();
};

/** Shows a toast (replacing the one shown: the limit is one); returns its id. */
export function toast(input: ToastInput): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  toasts = [{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT);
  emit();
  return id;
}

/** Closes a toast, and removes it later. */
export function dismissToast(id: string): void {
  toasts = toasts.map((item) => (item.id === id ? { ...item, open: false } : item));
  emit();
  if (!removals.has(id)) {
    removals.set(
      id,
      setTimeout(() => {
        removals.delete(id);
        toasts = toasts.filter((item) => item.id !== id);
        emit();
      }, TOAST_REMOVE_DELAY),
    );
  }
}

const subscribe = (listener: Listener) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useToasts = (): ToastItem[] => useSyncExternalStore(subscribe, () => toasts);

/** For tests: forget every toast. */
export function resetToasts(): void {
  toasts = [];
  for (const timer of removals.values()) clearTimeout(timer);
  removals.clear();
  emit();
}
