export default function BlogEditorPage() {
  return (
    <section className="container py-20">
      <title>Blog editor | Appgrove</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-headline font-bold">Blog editor</h1>
      <p className="mt-4 text-muted-foreground">The editor is being built.</p>
    </section>
  );
}
