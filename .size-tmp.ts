import { popupJsSize } from '/work/wt/ui3/test/bench/approver.ts';
const s = await popupJsSize();
console.log(s.gzipBytes, (s.gzipBytes/1024).toFixed(2));
