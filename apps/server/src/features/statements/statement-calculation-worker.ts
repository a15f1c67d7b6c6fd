import type { CalculationRequest } from "./statement-calculation-protocol.ts";
import { calculateRunForSave } from "./statement-calculation-task.ts";

// The statement calculation thread's task (statement-calculation-pool.ts, piscina, decision
// 1780). The engine's errors come back as a reply; an exception (a bug, a thread out of memory)
// rejects the task and is answered like any other server error.

export default function calculationTask(request: CalculationRequest) {
  return calculateRunForSave(request);
}
