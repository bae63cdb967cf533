# compare_run.sh, sourced by board_compare.sh and check_compare.sh: runs
# the pgnc command $command of two builds, $old and $new, on the same
# invocations and compares their standard output, standard error and exit
# codes byte for byte, counting in $compared and $differ. It sets up $work,
# removed at exit.
work=$(mktemp -d "/tmp/${command}_compare.XXXXXX")
trap 'rm -rf "$work"' EXIT
compared=0
differ=0

# run ENV... -- ARGS...: runs both builds with the environment settings
# before "--" and the command's arguments after it; a file given as
# STDIN=path is standard input redirected from it, PIPE=path the same
# through a pipe; FULL writes standard output to /dev/full.
run() {
	local envs=() stdin=/dev/null pipe="" full=""
	while [ "$1" != "--" ]; do
		case $1 in
		STDIN=*) stdin=${1#STDIN=} ;;
		PIPE=*) pipe=${1#PIPE=} ;;
		FULL) full=1 ;;
		*) envs+=("$1") ;;
		esac
		shift
	done
	shift
	local b
	for b in old new; do
		local bin=$old
		[ $b = new ] && bin=$new
		if [ -n "$full" ]; then
			env LANG=C.UTF-8 "${envs[@]}" "$bin" "$command" "$@" <"$stdin" >/dev/full 2>"$work/$b.err"
			: >"$work/$b.out"
		elif [ -n "$pipe" ]; then
			cat "$pipe" | env LANG=C.UTF-8 "${envs[@]}" "$bin" "$command" "$@" >"$work/$b.out" 2>"$work/$b.err"
		else
			env LANG=C.UTF-8 "${envs[@]}" "$bin" "$command" "$@" <"$stdin" >"$work/$b.out" 2>"$work/$b.err"
		fi
		echo $? >"$work/$b.rc"
	done
	compared=$((compared + 1))
	if ! cmp -s "$work/old.out" "$work/new.out" || ! cmp -s "$work/old.err" "$work/new.err" || ! cmp -s "$work/old.rc" "$work/new.rc"; then
		differ=$((differ + 1))
		echo "DIFFERS: ${envs[*]} ${stdin#/dev/null} ${pipe:+| }$command $* ${full:+>/dev/full}"
		diff <(cat "$work/old.rc" "$work/old.err") <(cat "$work/new.rc" "$work/new.err") | head -5
		diff "$work/old.out" "$work/new.out" | head -5
	fi
}
