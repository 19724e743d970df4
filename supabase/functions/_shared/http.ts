// What every function answers with: JSON, CORS headers for the site's browser calls (hosted
// Supabase leaves a function's CORS to the function), and HttpError as a status.
import { HttpError } from "./http-error.ts";
import { limitedBody, type RequestBody } from "./request-body.ts";

export const corsHeaders: Record<string, string> = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Headers": "authorization, x-client-info, apikey, content-type",
  "Access-Control-Allow-Methods": "POST, OPTIONS",
  "Access-Control-Max-Age": "86400",
};

export function jsonResponse(
  status: number,
  body: unknown,
  extraHeaders: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, "Content-Type": "application/json; charset=utf-8", ...extraHeaders },
  });
}

export function errorResponse(error: HttpError): Response {
  return jsonResponse(error.status, {
    error: error.message,
    ...(error.details ? { details: error.details } : {}),
  });
}

/**
 * The preflight, the POST-only rule, the body's ceiling (`maxBodyBytes`: a larger body is
 * refused with 413 before it is read) and the error answers every function shares.
 */
export async function answerPost(
  req: Request,
  name: string,
  maxBodyBytes: number,
  handlePost: (body: RequestBody) => Promise<Response>,
): Promise<Response> {
  if (req.method === "OPTIONS") return new Response(null, { status: 204, headers: corsHeaders });
  if (req.method !== "POST") {
    return jsonResponse(
      405,
      { error: "Method not allowed. Use POST." },
      { Allow: "POST, OPTIONS" },
    );
  }
  try {
    return await handlePost(limitedBody(req, maxBodyBytes));
  } catch (error) {
    if (error instanceof HttpError) return errorResponse(error);
    console.error(`${name} failed`, error);
    return errorResponse(new HttpError(500, "Unexpected error."));
  }
}
