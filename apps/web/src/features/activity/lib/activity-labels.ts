import { ACTION_LABELS, AREA_LABELS } from "@nk/contract";

export function getActionLabel(action: string): string {
  return ACTION_LABELS[action] ?? action;
}

export function getAreaLabel(entityType: string): string {
  return AREA_LABELS[entityType] ?? entityType;
}
