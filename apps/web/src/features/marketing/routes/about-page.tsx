export function AboutPage() {
  return <p>AboutPage is being built.</p>;
}
