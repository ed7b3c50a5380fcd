import { performance } from 'node:perf_hooks';

/**
 * Reads a streamed answer as a browser would, a chunk at a time, watching the process's memory:
 * its time, its size and the peak resident memory above where it started.
 */
export async function readStreamed(request: () => Promise<Response> | Response): Promise<{ ms: number; bytes: number; peakRss: number; rssBefore: number }> {
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const t = performance.now();
  try {
    const res = await request();
    let bytes = 0;
    const reader = res.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.length;
      peak = Math.max(peak, process.memoryUsage().rss);
    }
    return { ms: performance.now() - t, bytes, peakRss: peak, rssBefore };
  } finally {
    clearInterval(sampler);
  }
}
