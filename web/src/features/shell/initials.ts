import { AVATAR_INITIALS_LENGTH } from "@/lib/constants";

/**
 * The avatar text: the first two letters of the username in capitals ("ana" -> "AN").
 * Counts code points, so a username starting with an emoji or an astral character is not cut
 * in half; an empty name shows "?".
 */
export function getInitials(username: string | null | undefined): string {
  const letters = Array.from((username ?? "").trim()).slice(0, AVATAR_INITIALS_LENGTH).join("");
  return letters ? letters.toUpperCase() : "?";
}
