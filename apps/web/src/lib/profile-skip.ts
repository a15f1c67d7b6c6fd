// '/auth/complete-profile' has a skip button to /dashboard. The guard would send an incomplete
// social-login profile straight back, so a skip is remembered for the browser session.

const STORAGE_KEY = "nk.profile-completion-skipped";

export function markProfileCompletionSkipped(userId: string): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, userId);
  } catch {
    // Storage may be blocked; then the user is asked again.
  }
}

export function isProfileCompletionSkipped(userId: string): boolean {
  try {
    return window.sessionStorage.getItem(STORAGE_KEY) === userId;
  } catch {
    return false;
  }
}
