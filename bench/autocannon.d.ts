// The part of autocannon's API the bench scripts use (the package ships no types).
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    pipelining?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Each request may be rewritten before it is sent (a different path each time). */
    requests?: Array<{ setupRequest?: (request: { path: string; method?: string; headers?: Record<string, string> }) => { path: string } }>;
  }

  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  }

  export interface Result {
    url: string;
    duration: number;
    requests: Histogram & { sent: number };
    latency: Histogram & { totalCount: number };
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    "1xx": number;
    "2xx": number;
    "3xx": number;
    "4xx": number;
    "5xx": number;
  }

  export interface Instance extends EventEmitter, PromiseLike<Result> {
    stop(): void;
    on(event: "response", listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): this;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }

  function autocannon(options: Options): Instance;
  export default autocannon;
}
