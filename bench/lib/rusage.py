# Runs a command and prints its resource usage as JSON on the last line of stderr: wall seconds, user+system CPU
# seconds and peak RSS of the child (getrusage RUSAGE_CHILDREN), so node and Python tools are measured alike.
import json, resource, subprocess, sys, time

start = time.monotonic()
proc = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
wall = time.monotonic() - start
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
sys.stderr.write(proc.stderr.decode('utf-8', 'replace')[-2000:])
sys.stderr.write('\n' + json.dumps({'exitCode': proc.returncode, 'wallS': wall, 'cpuS': usage.ru_utime + usage.ru_stime, 'maxRssKb': usage.ru_maxrss}) + '\n')
