export default function AdminPage() {
  return (
    <section className="container py-20">
      <title>Admin | Appgrove</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-headline font-bold">Admin</h1>
      <p className="mt-4 text-muted-foreground">The staff area is being built.</p>
    </section>
  );
}
