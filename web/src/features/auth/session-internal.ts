/**
 * Shared between the provider and the guard only, not part of the auth contract: whether the
 * current signed-out state came from the user logging out. The guard then sends the visitor to
 * /auth without remembering the page as returnTo (a deliberate sign-out is not an interrupted
 * visit, so the next sign-in starts at /).
 */
import { createContext } from "react";

export const EndedByLogoutContext = createContext(false);
