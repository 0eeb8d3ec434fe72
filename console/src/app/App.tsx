export function App() {
  return (
    <nav aria-label="Main">
      <a href="/Tokens">Tranche</a>
      <a href="/Login">Login</a>
    </nav>
  );
}
