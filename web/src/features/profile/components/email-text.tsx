/** An email that may wrap after its '@' on a narrow screen rather than at any letter. */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return <span className="wrap-anywhere">{email}</span>;
  return (
    <span className="wrap-anywhere">
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </span>
  );
}
