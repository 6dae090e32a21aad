HELDOUT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
mk () 
{ 
    n=$1;
    shift;
    sed -e "s#OUTDIR#/tmp/heldout$n#g" -e "s|FOCUSAREA|$*|" "$HELDOUT_DIR"/helper_prompt.md > p$n.md;
    echo "Avoid every thread URL listed in /work/main/bench/heldout/threads.txt (already used) and every URL in /tmp/heldout*/*/SOURCE: check each URL with grep -rF before writing a case." >> p$n.md;
    echo "Prefer threads whose search excerpt itself contains the error line; a case needs only the excerpt you can read." >> p$n.md
}
mk2(){ mk "$@"; echo "Many threads were already used by earlier batches whose list is lost: before writing a case, take its most distinctive log line (40+ characters) and run grep -rlF on it in /work/main/core/tests/fixtures/; if it is found there, skip that thread." >> p$1.md; }
