// Placeholder: replaced by the real page (issue #3).
export default function Page() {
  return <p className="p-8">imprint-page</p>;
}
