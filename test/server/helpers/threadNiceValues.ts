import fs from 'node:fs';

/** The nice value of each thread of a process (Linux /proc), by thread (task) id. */
export function threadNiceValues(pid: number): Map<number, number> {
  const values = new Map<number, number>();
  for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      // Fields after the command's closing parenthesis start at the third (state); nice is the 19th.
      const fields = fs.readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8').split(') ')[1].split(' ');
      values.set(Number(task), Number(fields[16]));
    } catch {
      // A thread that ended between the listing and the read.
    }
  }
  return values;
}
