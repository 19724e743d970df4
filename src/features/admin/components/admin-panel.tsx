import { LogOut } from "lucide-react";
import { useSearchParams } from "react-router";
import { toast } from "@/components/ui/toaster";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useSignOutStaff } from "../api/sign-out-staff";
import { BlogTab } from "./blog-tab";
import { LeadsTab } from "./leads-tab";

const tabs = ["leads", "blog"] as const;
type Tab = (typeof tabs)[number];

function isTab(value: string | null): value is Tab {
  return (tabs as readonly (string | null)[]).includes(value);
}

export function AdminPanel({ email }: { email: string }) {
  const [params, setParams] = useSearchParams();
  const tabParam = params.get("tab");
  const tab: Tab = isTab(tabParam) ? tabParam : "leads";
  const signOut = useSignOutStaff();

  function logout() {
    signOut.mutate(undefined, {
      onSuccess: () => toast.success("Logged out", { description: "You have been signed out." }),
      onError: (error) => toast.error(`Logout failed: ${error.message}`),
    });
  }

  return (
    <div className="container py-10 sm:py-14">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold leading-tight">Admin panel</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            Signed in as <span className="font-medium text-foreground">{email}</span>
          </p>
        </div>
        <Button variant="outline" onClick={logout} disabled={signOut.isPending}>
          <LogOut aria-hidden /> Logout
        </Button>
      </div>

      <Tabs
        value={tab}
        onValueChange={(value) =>
          setParams(
            (previous) => {
              const next = new URLSearchParams(previous);
              if (value === "leads") next.delete("tab");
              else next.set("tab", value);
              return next;
            },
            { replace: true },
          )
        }
        className="mt-8"
      >
        <TabsList aria-label="Staff sections">
          <TabsTrigger value="leads">Leads</TabsTrigger>
          <TabsTrigger value="blog">Blog</TabsTrigger>
        </TabsList>
        <TabsContent value="leads">
          <LeadsTab />
        </TabsContent>
        <TabsContent value="blog">
          <BlogTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
