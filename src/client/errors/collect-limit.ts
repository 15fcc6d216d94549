import { type ErrorInit, VreportApiError } from "./base.js";

/** `collect` would have gathered more than its `max` items. */
export class CollectLimitError extends VreportApiError {
  readonly max: number;
  readonly total: number;

  constructor(max: number, total: number, init: ErrorInit) {
    super(`${total} items exceed the collect cap of ${max}: raise max or iterate instead`, init);
    this.max = max;
    this.total = total;
  }
}
