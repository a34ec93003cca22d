/**
 * The render worker, with two faults a real one can have, chosen by the employer's name: the
 * thread dies mid-render ('crash'), or the render never ends ('hang').
 */

import type { RenderTask } from '../features/timesheets/render.worker.ts';
import render from '../features/timesheets/render.worker.ts';

export default function faultyRender(task: RenderTask): Promise<Uint8Array> {
  if (task.model.employer.name === 'crash') process.exit(3);
  if (task.model.employer.name === 'hang') for (;;);
  return render(task);
}
