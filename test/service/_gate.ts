/** A promise the test settles by hand: holds work (a pool slot, a query) until the test says so. */
export function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/** Waits (yielding to the event loop) until `check` holds: waits on state, never on a duration. */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  tries = 20_000,
): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  throw new Error(`never happened: ${what}`);
}
