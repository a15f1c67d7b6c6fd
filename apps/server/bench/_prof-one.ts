import { buildLetterModel } from "../src/features/statement-documents/build-letter-model.ts";
import { buildLettersDocument } from "../src/features/statement-documents/letter-document.ts";
import { renderPdf } from "../src/features/statement-documents/pdf-renderer.ts";
import { calculateStatement } from "@nk/engine";
import { SAMPLE_INPUT, sampleLetterSource } from "../test/support/letter-fixture.ts";
const input = { ...SAMPLE_INPUT, co2: null, costItems: SAMPLE_INPUT.costItems.filter((c) => ["Kaltwasser", "Abwasser", "Müllabfuhr", "Grundsteuer", "Versicherung", "Hausmeister"].includes(c.costType)) };
const outcome = calculateStatement(input);
if (!outcome.ok) throw new Error("x");
const base = sampleLetterSource("krueger", { input, result: outcome.result });
const src = { ...base, meterReadings: base.meterReadings?.slice(2, 3) ?? [], previousHeatingConsumption: null };
const N = Number(process.env.N ?? 100);
const t = { model: 0, def: 0, render: 0, cpu: 0 };
const walls: number[] = [];
for (let i = 0; i < N; i++) {
  const cpu = process.cpuUsage();
  const a = performance.now();
  const model = buildLetterModel(src);
  const b = performance.now();
  const def = buildLettersDocument([{ model }], src.result.totalCosts);
  const c = performance.now();
  await renderPdf(def);
  const d = performance.now();
  const used = process.cpuUsage(cpu);
  if (i >= 10) { t.model += b - a; t.def += c - b; t.render += d - c; t.cpu += (used.user + used.system) / 1000; walls.push(d - a); }
}
walls.sort((x, y) => x - y);
console.log(Object.fromEntries(Object.entries(t).map(([k, v]) => [k, (v / (N - 10)).toFixed(2)])), "median wall", walls[walls.length >> 1]!.toFixed(1), "best", walls[0]!.toFixed(1));
