/** A whole screen's placeholder while what it depends on loads (who the reader is, its code). */
export const ScreenLoading = () => (
  <div
    role="status"
    className="flex min-h-screen items-center justify-center text-muted-foreground"
  >
    Loading...
  </div>
);
