/**
 * The settings kept in this browser (spec part 2, section 3, "Local preferences"): notifications,
 * the AI Smart Prompts frequency and Privacy Mode. Dark mode has its own home (`@/lib/theme`).
 */
import { readStorage, writeStorage } from "@/features/shell/storage";
import {
  AUTO_PROMPT_FREQUENCY_DEFAULT,
  AUTO_PROMPT_FREQUENCY_STORAGE_KEY,
  INSIGHT_PROMPT_MIN_INTERVAL_MS,
  NOTIFICATIONS_PREFERENCE_STORAGE_KEY,
  PRIVACY_MODE_STORAGE_KEY,
} from "@/lib/constants";

export interface LocalPreferences {
  notifications: boolean;
  autoPromptFrequency: number;
  privacyMode: boolean;
}

/** Reset to Defaults (section 9): notifications on, frequency 50, privacy mode off. */
export const DEFAULT_PREFERENCES: LocalPreferences = {
  notifications: true,
  autoPromptFrequency: AUTO_PROMPT_FREQUENCY_DEFAULT,
  privacyMode: false,
};

export const PREFERENCES_CHANGED_EVENT = "reverie:preferences-changed";

function clampFrequency(value: number): number {
  if (!Number.isFinite(value)) return AUTO_PROMPT_FREQUENCY_DEFAULT;
  return Math.min(100, Math.max(0, Math.round(value / 25) * 25));
}

export function readAutoPromptFrequency(): number {
  const stored = readStorage(AUTO_PROMPT_FREQUENCY_STORAGE_KEY);
  return stored === null || stored.trim() === "" ? AUTO_PROMPT_FREQUENCY_DEFAULT : clampFrequency(Number(stored));
}

/** Privacy Mode is on when nothing is stored (section 3), off only after a stored "false". */
export function readPrivacyMode(): boolean {
  return readStorage(PRIVACY_MODE_STORAGE_KEY) !== "false";
}

export function readPreferences(): LocalPreferences {
  return {
    notifications: readStorage(NOTIFICATIONS_PREFERENCE_STORAGE_KEY) !== "false",
    autoPromptFrequency: readAutoPromptFrequency(),
    privacyMode: readPrivacyMode(),
  };
}

export function writePreferences(preferences: LocalPreferences): void {
  writeStorage(NOTIFICATIONS_PREFERENCE_STORAGE_KEY, String(preferences.notifications));
  writeStorage(AUTO_PROMPT_FREQUENCY_STORAGE_KEY, String(clampFrequency(preferences.autoPromptFrequency)));
  writeStorage(PRIVACY_MODE_STORAGE_KEY, String(preferences.privacyMode));
  window.dispatchEvent(new Event(PREFERENCES_CHANGED_EVENT));
}

/** The slider's label (section 9): Off at 0, Low below 25, Medium below 75, High otherwise. */
export function frequencyLabel(value: number): "Off" | "Low" | "Medium" | "High" {
  if (value <= 0) return "Off";
  if (value < 25) return "Low";
  if (value < 75) return "Medium";
  return "High";
}

/**
 * How long real-time insight prompts wait between two requests at a frequency: the spec's 8 s at
 * the default 50, twice as long at 25, 4 s at 100; null at 0 (prompts off).
 */
export function promptIntervalMs(frequency: number): number | null {
  const value = clampFrequency(frequency);
  if (value === 0) return null;
  return Math.round((INSIGHT_PROMPT_MIN_INTERVAL_MS * AUTO_PROMPT_FREQUENCY_DEFAULT) / value);
}
