import { render } from 'preact';
import { useState } from 'preact/hooks';

function Hello() {
  const [n, setN] = useState(0);
  return (
    <button type="button" onClick={() => setN(n + 1)}>
      clicked {n}
    </button>
  );
}
render(<Hello />, document.getElementById('root')!);
