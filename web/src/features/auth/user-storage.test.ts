import { afterEach, describe, expect, it } from "vitest";

import { clearUserStorage, setStorageOwner, userStorage } from "@/features/auth/user-storage";

afterEach(() => {
  setStorageOwner(null);
  window.localStorage.clear();
});

describe("user storage", () => {
  it("keeps each user's drafts apart and stores nothing while nobody is signed in", () => {
    setStorageOwner("ana");
    userStorage()?.setItem("draft:new", "Ana's private words");
    setStorageOwner("bruno");
    expect(userStorage()?.getItem("draft:new")).toBeNull();
    setStorageOwner(null);
    expect(userStorage()).toBeNull();
  });

  it("forgets every user's drafts, and the old shared keys, when the session ends", () => {
    window.localStorage.setItem("draft:new", "from before drafts were per user");
    window.localStorage.setItem("darkMode", "false");
    setStorageOwner("ana");
    userStorage()?.setItem("draft:new", "Ana's private words");
    clearUserStorage();
    expect(userStorage()?.getItem("draft:new")).toBeNull();
    expect(window.localStorage.getItem("draft:new")).toBeNull();
    expect(window.localStorage.getItem("darkMode")).toBe("false");
  });
});
