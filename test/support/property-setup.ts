import fc from 'fast-check';
import { propertyRuns } from './property.ts';

// The one place the number of property runs is set (see property.ts).
fc.configureGlobal({ numRuns: propertyRuns });
