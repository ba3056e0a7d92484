import { deviceKind, isRootish, placeOf, type Where } from './paths.ts';
import type { Findings } from './rating.ts';

/** Rates writing to `target` (creating, overwriting, appending, changing metadata). */
export function rateWrite(rating: Findings, target: string, where: Where): void {
  switch (deviceKind(target)) {
    case 'disk':
      rating.raise('critical', 'Writes directly to a disk device.', 'destructive');
      return;
    case 'harmless':
      return;
    case 'network':
      rating.raise('high', 'Opens a raw network connection from the shell.', 'network', 'exfiltration');
      return;
    case 'other':
      rating.raise('high', 'Writes to a device file.');
      return;
    case 'none':
      break;
  }
  if (placeOf(target, where) === 'workspace') rating.raise('low', 'Changes files in the workspace.');
  else rating.raise('high', 'Writes outside the working directory.');
}

/** Rates deleting `target`; `recursive` for whole directory trees. */
export function rateDelete(rating: Findings, target: string, where: Where, recursive: boolean): void {
  if (deviceKind(target) === 'disk') {
    rating.raise('critical', 'Destroys a disk device.', 'destructive');
    return;
  }
  if (isRootish(target, where.cwd)) {
    if (recursive) rating.raise('critical', 'Deletes the root, home or a system directory.', 'destructive');
    else rating.raise('high', 'Deletes files in the root, home or a system directory.', 'destructive');
    return;
  }
  if (placeOf(target, where) !== 'workspace') {
    rating.raise('high', 'Deletes files outside the working directory.', 'destructive');
    return;
  }
  if (recursive) rating.raise('medium', 'Deletes a directory tree in the workspace.', 'destructive');
  else rating.raise('low', 'Deletes files in the workspace.', 'destructive');
}
