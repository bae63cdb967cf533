-- Drives pgnc lsp from Neovim's own LSP client (Neovim 0.7 or later), run
-- headless by cmd/pgnc's TestLSPNeovim: opens a file with mistakes, waits
-- for the diagnostics, prints their codes and ranges as vim.diagnostic.get
-- gives them (byte columns, converted by Neovim from the server's UTF-16
-- ones), hovers on a move, asks for the code actions on the line of
-- 0-0, applies the quick fix, and prints the line and the diagnostics
-- after it. Every line it writes goes to $PGNC_NVIM_OUT; it quits with
-- exit code 1 on any failure.
local out = assert(io.open(os.getenv("PGNC_NVIM_OUT"), "w"))
local function say(fmt, ...)
  out:write(string.format(fmt, ...) .. "\n")
  out:flush()
end

local function main()
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("PGNC_NVIM_FILE")))
  local buf = vim.api.nvim_get_current_buf()
  local id = vim.lsp.start_client({
    name = "pgnc",
    cmd = { os.getenv("PGNC_NVIM_SERVER"), "lsp" },
    cmd_env = { PGNC_TEST_MAIN = "1" },
    root_dir = vim.fn.fnamemodify(os.getenv("PGNC_NVIM_FILE"), ":h"),
  })
  assert(id, "the client did not start")
  vim.lsp.buf_attach_client(buf, id)
  local client = vim.lsp.get_client_by_id(id)

  local function sorted()
    local ds = vim.diagnostic.get(buf)
    table.sort(ds, function(a, b) return a.lnum < b.lnum or (a.lnum == b.lnum and a.col < b.col) end)
    return ds
  end
  local function show(ds)
    for _, d in ipairs(ds) do
      say("diagnostic %s %d:%d-%d:%d %s", d.code, d.lnum, d.col, d.end_lnum, d.end_col, (d.message:gsub("\n.*", "")))
    end
  end

  assert(vim.wait(20000, function() return #vim.diagnostic.get(buf) == 3 end, 20), "no diagnostics within 20 s")
  local ds = sorted()
  show(ds)

  -- Hover on Qh5, line 20 (1-based) of the file.
  local line = vim.api.nvim_buf_get_lines(buf, 19, 20, false)[1]
  local col = assert(line:find("Qh5", 1, true)) - 1
  vim.api.nvim_win_set_cursor(0, { 20, col })
  local res = client.request_sync("textDocument/hover", vim.lsp.util.make_position_params(), 10000, buf)
  assert(res and res.result, "no hover")
  say("hover %s", (res.result.contents.value:gsub("\n.*", "")))
  say("hover %s", res.result.contents.value:match("FEN: `[^`]*`"))

  -- The code actions where PGN311 stands (0-0, line 9), and the quick fix
  -- applied.
  local d311 = ds[1]
  vim.api.nvim_win_set_cursor(0, { d311.lnum + 1, d311.col })
  local params = vim.lsp.util.make_range_params()
  params.context = { diagnostics = vim.lsp.diagnostic.get_line_diagnostics(buf, d311.lnum) }
  res = client.request_sync("textDocument/codeAction", params, 10000, buf)
  assert(res and res.result and #res.result > 0, "no code action")
  for _, a in ipairs(res.result) do
    say("action %s (%s)", a.title, a.kind)
  end
  vim.lsp.util.apply_workspace_edit(res.result[1].edit, client.offset_encoding)
  say("line 9 %s", vim.api.nvim_buf_get_lines(buf, 8, 9, false)[1])
  assert(vim.wait(20000, function() return #vim.diagnostic.get(buf) == 2 end, 20), "PGN311 is still reported after its fix")
  show(sorted())

  vim.lsp.stop_client(id)
  say("ok")
end

local ok, err = pcall(main)
if not ok then
  say("FAIL: %s", tostring(err))
  out:close()
  vim.cmd("cquit 1")
end
out:close()
vim.cmd("qa!")
