/** How every bench prints its figures. */
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
export const ms = (x: number) => `${x.toFixed(1)} ms`;
export const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(2)} MiB`;
