-- An IPv4 client behind a dual-stack proxy can be reported as an IPv4-mapped IPv6 address
-- (::ffff:a.b.c.d). Narrowed to a /64 like any IPv6 address, every such client fell into one
-- ::/64 allowance, and real leads were refused after the 20th of the hour. Such an address now
-- counts as the IPv4 address it carries; other IPv6 addresses still count per /64.

create or replace function private.client_address()
returns inet
language plpgsql
stable
set search_path = ''
as $$
declare
  reported text := nullif(current_setting('request.headers', true), '')::json ->> 'cf-connecting-ip';
  address inet;
begin
  if reported is null then
    return null;
  end if;
  begin
    address := reported::inet;
  exception when others then
    return null;
  end;
  if address <<= '::ffff:0.0.0.0/96'::inet then
    return '0.0.0.0'::inet + (address - '::ffff:0.0.0.0'::inet);
  end if;
  if pg_catalog.family(address) = 6 then
    return pg_catalog.network(pg_catalog.set_masklen(address, 64))::inet;
  end if;
  return pg_catalog.host(address)::inet;
end;
$$;
