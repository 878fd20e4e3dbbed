/** Runs tasks one after another, in the order they were queued. */
export class TaskQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private waiting = 0;

  /** True when no task runs or waits. */
  get idle(): boolean {
    return this.waiting === 0;
  }

  run<T>(task: () => Promise<T>): Promise<T> {
    this.waiting += 1;
    const result = this.tail.then(task);
    const done = () => {
      this.waiting -= 1;
    };
    this.tail = result.then(done, done);
    return result;
  }
}
